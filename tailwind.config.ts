import type { Config } from "tailwindcss";

// Design tokens. Colours point at CSS variables (app/globals.css) so that light and dark
// themes swap values without touching class names.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  darkMode: "media",
  theme: {
    extend: {
      colors: {
        bg: "var(--color-bg)",
        surface: "var(--color-surface)",
        "surface-muted": "var(--color-surface-muted)",
        fg: "var(--color-fg)",
        "fg-muted": "var(--color-fg-muted)",
        border: "var(--color-border)",
        "border-strong": "var(--color-border-strong)",
        brand: "var(--color-brand)",
        "brand-hover": "var(--color-brand-hover)",
        "on-brand": "var(--color-on-brand)",
        focus: "var(--color-focus)",
        success: "var(--color-success)",
        "success-bg": "var(--color-success-bg)",
        warning: "var(--color-warning)",
        "warning-bg": "var(--color-warning-bg)",
        danger: "var(--color-danger)",
        "danger-bg": "var(--color-danger-bg)",
        info: "var(--color-info)",
        "info-bg": "var(--color-info-bg)",
      },
      fontFamily: {
        // System fonts only: nothing is fetched at build or run time.
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Noto Sans", "PingFang SC", "Microsoft YaHei", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
      fontSize: {
        xs: ["0.75rem", { lineHeight: "1rem" }],
        sm: ["0.875rem", { lineHeight: "1.25rem" }],
        base: ["1rem", { lineHeight: "1.5rem" }],
        lg: ["1.125rem", { lineHeight: "1.75rem" }],
        xl: ["1.375rem", { lineHeight: "1.875rem" }],
        "2xl": ["1.75rem", { lineHeight: "2.25rem" }],
        "3xl": ["2.25rem", { lineHeight: "2.75rem" }],
      },
      spacing: {
        gutter: "1rem",
        section: "2.5rem",
      },
      borderRadius: {
        control: "0.5rem",
        card: "0.875rem",
      },
      maxWidth: {
        page: "72rem",
        prose: "40rem",
      },
    },
  },
};

export default config;
