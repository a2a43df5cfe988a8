import { useNavigate, useRevalidator } from "react-router";
import { toast } from "../toasts";

/** Signs out on the server, then goes to /auth with the spec's toast. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async () => {
    const response = await fetch("/auth/logout", { method: "POST" }).catch(() => null);
    if (!response?.ok) {
      toast.error("Erro ao fazer logout");
      return;
    }
    toast.success("Logout realizado com sucesso");
    await navigate("/auth");
    await revalidator.revalidate();
  };
}
