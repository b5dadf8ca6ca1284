// Text put into HTML that the app writes itself (mail bodies, the markup the Worker draws into a page): every
// character that could end an attribute or start a tag is written as a character reference.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
