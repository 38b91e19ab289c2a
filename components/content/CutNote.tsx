/** Says that what a server sent was shortened for the panel, so nobody takes it for the whole. */
export function CutNote({ cuts }: { cuts: string[] | undefined }) {
  if (!cuts?.length) return null;
  return (
    <p class="note cut" role="note">
      Too big to show whole: {cuts.join('; ')}.
    </p>
  );
}
