export function CommunityPage() {
  return null;
}
