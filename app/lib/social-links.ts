/** The provider's social media pages, shown in the public footer. */
export const SOCIAL_LINKS = [
  { key: "facebook", name: "Facebook", href: "https://www.facebook.com/" },
  { key: "instagram", name: "Instagram", href: "https://www.instagram.com/" },
  { key: "linkedin", name: "LinkedIn", href: "https://www.linkedin.com/" },
  { key: "youtube", name: "YouTube", href: "https://www.youtube.com/" },
] as const;
