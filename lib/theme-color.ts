// The primary_color setting as the dashboard's primary colour in both themes (issue 12). An
// administrator may pick any #rrggbb; text drawn in it, and white or dark text drawn on it,
// must stay readable (WCAG AA 4.5:1), so each theme gets the nearest shade that is: darker for
// the light theme, lighter for the dark one. The colour itself is kept when it already passes.

export const DEFAULT_PRIMARY_COLOR = "#667eea";
const MIN_CONTRAST = 4.5;
/**
 * The lightest surface primary text sits on in the light theme (a tint of the primary in the
 * sidebar's active link, about #e4e4ee), and the darkest-but-lightest one in the dark theme
 * (the dark sidebar's tinted active link, about #3a3a4a): passing against them passes everywhere.
 */
const LIGHT_SURFACE_LUMINANCE = 0.77;
const DARK_SURFACE_LUMINANCE = 0.045;
const WHITE = "#ffffff";
const DARK_TEXT = "#111118";

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : null;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function mix(rgb: Rgb, toward: Rgb, amount: number): Rgb {
  return rgb.map((c, i) => c + (toward[i] - c) * amount) as Rgb;
}

/** The least mix of `rgb` toward `toward` whose luminance contrasts `surface` by 4.5:1. */
function nearestReadable(rgb: Rgb, toward: Rgb, surface: number): string {
  for (let step = 0; step <= 50; step += 1) {
    const hex = toHex(mix(rgb, toward, step / 50));
    if (contrastRatio(relativeLuminance(hex), surface) >= MIN_CONTRAST) return hex;
  }
  return toHex(toward);
}

export interface PrimaryPalette {
  light: { primary: string; foreground: string };
  dark: { primary: string; foreground: string };
}

export function primaryPalette(color: string): PrimaryPalette {
  const rgb = parseHex(color) ?? parseHex(DEFAULT_PRIMARY_COLOR)!;
  return {
    light: { primary: nearestReadable(rgb, [0, 0, 0], LIGHT_SURFACE_LUMINANCE), foreground: WHITE },
    dark: { primary: nearestReadable(rgb, [255, 255, 255], DARK_SURFACE_LUMINANCE), foreground: DARK_TEXT },
  };
}

/** CSS variables for <html>'s style attribute; app/globals.css maps them to --primary per theme. */
export function primaryColorVariables(color: string): Record<string, string> {
  const p = primaryPalette(color);
  return {
    "--brand-primary": p.light.primary,
    "--brand-primary-foreground": p.light.foreground,
    "--brand-primary-dark": p.dark.primary,
    "--brand-primary-dark-foreground": p.dark.foreground,
  };
}
