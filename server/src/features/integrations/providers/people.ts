/** A person as a church-management provider (Planning Center, CCB) gives them. */
export type TProviderPerson = {
  /** The provider's id for the person, remembered in integration_people. */
  externalId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
};

/** Where a people sync has got to: Planning Center's `offset`, CCB's `page` (and `modified_since`). */
export type TPeoplePosition = { offset?: number; page?: number; modifiedSince?: string | null };

/** One page of people and where the next begins (null: this was the last). */
export type TPeoplePage = { people: TProviderPerson[]; next: TPeoplePosition | null };

/** A people provider's two calls: checking a key, and reading people a page at a time. */
export type TPeopleSource = {
  firstPosition: TPeoplePosition;
  fetchPage: (position: TPeoplePosition) => Promise<TPeoplePage>;
};
