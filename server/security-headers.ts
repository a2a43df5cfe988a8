/**
 * Headers every response carries but the built scripts and stylesheet (the Content-Security-Policy
 * is set per response).
 */
export function securityHeaders(https: boolean): [string, string][] {
  return [
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    ...assetSecurityHeaders(https),
  ];
}

/**
 * What a browser reads on a script or a stylesheet: the rest of `securityHeaders` governs
 * documents, and would add about 700 bytes to each of the 20-30 files a page fetches.
 */
export function assetSecurityHeaders(https: boolean): [string, string][] {
  return [
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ...(https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
}
