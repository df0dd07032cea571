/**
 * A floating card of the page (the stress HUD, the profile graph, the collision lab): a hidden
 * section named for screen readers, with its title, added to the page.
 */

/** Makes the card `id`, hidden, titled `title`; the caller appends the rest after the title. */
export function createCard(id: string, label: string, title: string): { card: HTMLElement; title: HTMLElement } {
  const card = document.createElement('section');
  card.id = id;
  card.hidden = true;
  card.setAttribute('aria-label', label);
  const heading = document.createElement('h2');
  heading.textContent = title;
  document.body.appendChild(card);
  return { card, title: heading };
}
