import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Users } from "lucide-react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { BadgeList } from "./badge-list";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { LoadError } from "./load-error";
import { RowActions } from "./row-actions";
import { StatCard } from "./stat-card";
import { TimeZoneSelect } from "./time-zone-select";
import { Dialog, DialogContent, DialogTitle } from "./ui/dialog";
import { Toaster } from "./ui/toaster";
import { toast } from "./ui/use-toast";

function ZonePicker() {
  const [zone, setZone] = useState("UTC");
  return <TimeZoneSelect id="zone" value={zone} onChange={setZone} />;
}

/** The shared components' own words (issue 26): the buttons, labels and states they bring themselves. */
describe("shared components in another language", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speak Spanish: buttons, labels, states and numbers", async () => {
    await activateLanguage("es");
    const onRetry = vi.fn();
    const { unmount } = render(
      <>
        <LoadError what="las prédicas" onRetry={onRetry} />
        <RowActions name="Ana" onEdit={() => undefined} onDelete={() => undefined} />
        <StatCard label="Miembros" value={12345} icon={Users} />
        <BadgeList badges={[]} isLoading={false} isError={false} onRetry={() => undefined} />
        <ZonePicker />
      </>,
    );
    expect(screen.getByText(/No se pudo cargar las prédicas\./)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Intentar de nuevo" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Editar Ana" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar Ana" })).toBeTruthy();
    expect(screen.getByText("12.345")).toBeTruthy();
    expect(screen.getByText("Aún no tienes logros")).toBeTruthy();
    // The zones are spelled in English; a city typed with its accents still finds its zone.
    const search = screen.getByRole("searchbox", { name: "Buscar zona horaria" });
    await userEvent.type(search, "São Paulo");
    expect((screen.getByRole("combobox") as HTMLSelectElement).value).toBe("America/Sao_Paulo");
    await userEvent.clear(search);
    await userEvent.type(search, "Atlántida");
    expect(screen.getByRole("status").textContent).toBe("Ninguna zona horaria coincide con “Atlántida”.");
    // A modal dialog hides the rest of the page from the accessibility tree: on its own.
    unmount();
    render(
      <ConfirmDeleteDialog
        item="x"
        title="¿Eliminar?"
        description="…"
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar" })).toBeTruthy();
  });

  it("render right to left in Arabic, with the dialog's and the toasts' own words", async () => {
    await activateLanguage("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    const { unmount } = render(
      <>
        <RowActions name="Ana" onEdit={() => undefined} onDelete={() => undefined} />
        <Toaster />
      </>,
    );
    act(() => {
      toast({ title: "تم الحفظ" });
    });
    expect(screen.getByRole("button", { name: "تعديل Ana" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "حذف Ana" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "الإشعارات (F8)" })).toBeTruthy();
    expect(screen.getByText("تم الحفظ")).toBeTruthy();
    expect(screen.getByRole("button", { name: "إغلاق" })).toBeTruthy();
    unmount();
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>عظة</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole("dialog", { name: "عظة" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "إغلاق" })).toBeTruthy();
  });
});
