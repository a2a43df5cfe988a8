import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";

interface UnsavedEdits {
  /** A field of the form was changed since it was last saved. */
  edited: (form: string) => void;
  /** The form's edits were saved. */
  saved: (form: string) => void;
}

const UnsavedEditsContext = createContext<UnsavedEdits | null>(null);

/** The page's forms report their edits here; a form outside such a page warns of nothing. */
export function useUnsavedEdits(): UnsavedEdits | null {
  return useContext(UnsavedEditsContext);
}

/**
 * A page of forms each saved on its own (the settings page): leaving it with an edit not saved
 * asks first, in the page for a link inside the store and in the browser's own words for a
 * reload, a closed tab or an address typed.
 */
export function UnsavedEditsGuard({ children }: { children: ReactNode }) {
  const [editedForms, setEditedForms] = useState<ReadonlySet<string>>(new Set());
  const edited = useCallback(
    (form: string) => setEditedForms((forms) => (forms.has(form) ? forms : new Set(forms).add(form))),
    [],
  );
  const saved = useCallback(
    (form: string) =>
      setEditedForms((forms) => {
        if (!forms.has(form)) return forms;
        const rest = new Set(forms);
        rest.delete(form);
        return rest;
      }),
    [],
  );
  const unsaved = editedForms.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const askFirst = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", askFirst);
    return () => window.removeEventListener("beforeunload", askFirst);
  }, [unsaved]);

  const context = useMemo(() => ({ edited, saved }), [edited, saved]);
  return (
    <UnsavedEditsContext.Provider value={context}>
      {children}
      <Dialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title="Sair sem salvar?"
        description="Há alterações nesta página que ainda não foram salvas. Se sair agora, elas serão perdidas."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Continuar editando
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            Sair sem salvar
          </Button>
        </div>
      </Dialog>
    </UnsavedEditsContext.Provider>
  );
}
