import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startAnalytics } from "./lib/analytics";
import { registerServiceWorker } from "./lib/register-sw";
import "./index.css";

startAnalytics();
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
