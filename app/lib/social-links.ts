/**
 * The provider's own social media pages, shown in the public footer. The addresses come from the
 * configuration (SOCIAL_FACEBOOK_URL…, config.server.ts), defaulting to the provider's pages, never the
 * networks' home pages.
 */
export const SOCIAL_NETWORKS = [
  { key: "facebook", name: "Facebook" },
  { key: "instagram", name: "Instagram" },
  { key: "linkedin", name: "LinkedIn" },
  { key: "youtube", name: "YouTube" },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["key"];
export interface SocialLink {
  key: SocialNetwork;
  name: string;
  href: string;
}
