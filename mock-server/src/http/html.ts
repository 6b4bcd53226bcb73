// Text put into the HTML the mock serves (sign-in, payment and seller-center pages, the ad creatives).

/** `text` safe inside HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
