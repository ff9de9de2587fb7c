"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * Object URLs of the photos made in the browser (their previews), each revoked when dropped and all when the field
 * goes away: an object URL pins its file in memory until revoked.
 */
export function useObjectUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const held = urls.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const create = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    return url;
  }, []);
  const drop = useCallback((url: string | undefined) => {
    if (url && urls.current.delete(url)) URL.revokeObjectURL(url);
  }, []);
  return { create, drop };
}
