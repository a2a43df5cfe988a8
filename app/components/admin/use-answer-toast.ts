import { useEffect } from "react";
import { toast } from "../toasts";

/** An admin form's answer, once it comes: its message as a success or an error toast. */
export function useAnswerToast(answer: { ok: boolean; message: string } | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [answer]);
}
