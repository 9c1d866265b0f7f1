/** An absolute http(s) URL with a host. */
export const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** A path on this site, such as `/login` for the web app (not `//host`, which leaves the site). */
export const isSitePath = (value: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(value);

/** Where a download entry may point: an http(s) URL, or a page of this site. */
export const isDownloadUrl = (value: string): boolean => isWebUrl(value) || isSitePath(value);
