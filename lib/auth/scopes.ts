/** How a sign-in's scopes read in the person's words. */
export function describeScopes(scope: string | null | undefined): string {
  const scopes = (scope ?? '').split(' ').filter(Boolean);
  return scopes.length > 0 ? scopes.join(', ') : 'access (no specific scopes)';
}
