/** WCAG 2 contrast of what the browser really paints, whatever notation it computes a colour in. */

/** A colour as 8-bit sRGB, drawn on a canvas (so `lch()`, `color(…)` and `rgb()` all work). */
export function srgb(color: string): number[] {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d')!;
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
}

/** WCAG 2 relative luminance of 8-bit sRGB. */
export function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of an element's text on its own background. */
export function textContrast(element: Element): number {
  const style = getComputedStyle(element);
  const [light, dark] = [luminance(srgb(style.color)), luminance(srgb(style.backgroundColor))].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
