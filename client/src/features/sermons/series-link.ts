/** The series page's address (issue 24): the series is a sermon field, so its name is the address. */
export const seriesHref = (series: string) => `/sermons/series/${encodeURIComponent(series)}`;
