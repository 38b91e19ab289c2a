/** A Request's own Decline and Cancel: the card's, never an app's. */
export function EndButtons({ decline, cancel }: { decline: () => void; cancel: () => void }) {
  return (
    <>
      <button type="button" class="secondary" onClick={decline}>
        Decline
      </button>
      <button type="button" class="secondary" onClick={cancel}>
        Cancel
      </button>
    </>
  );
}
