// Call (spec part 1 section 2): a messaging chat link to the spa's phone (Viber, the Philippines' most used chat
// app for businesses; +63 by default), and the phone dialler when no messaging app takes the link: if the page
// is still in front after a moment, nothing opened it.
import { dialableNumber } from '../../../common/map.ts';

const APP_SWITCH_WAIT_MS = 1500;

export function messagingLink(phone: string | null): { chat: string; tel: string } | null {
  const number = dialableNumber(phone);
  if (!number) return null;
  return { chat: `viber://chat?number=${encodeURIComponent(number)}`, tel: `tel:${number}` };
}

export function callSpa(phone: string | null): void {
  const links = messagingLink(phone);
  if (!links) return;
  let left = false;
  const onHide = () => {
    if (document.visibilityState === 'hidden') left = true;
  };
  const onBlur = () => (left = true);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('blur', onBlur);
  window.location.href = links.chat;
  setTimeout(() => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('blur', onBlur);
    if (!left) window.location.href = links.tel;
  }, APP_SWITCH_WAIT_MS);
}
