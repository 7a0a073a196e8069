export function CommunityThreadPage() {
  return null;
}
