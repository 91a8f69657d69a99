import { describe, expect, it } from "vitest";
import { scriptHash } from "../../scripts/security-headers-plugin.ts";
import {
  contentSecurityPolicy,
  headersFile,
  inlineHandlers,
  inlineScripts,
  pageSecurityHeaders,
} from "../../worker/lib/security-headers.ts";

// What the build does with the pages it emits: find the inline scripts to hash, refuse what a hash cannot
// allow, and write the `_headers` file. tests/e2e/security-headers.test.ts checks the served result.

describe("the pages' security headers", () => {
  it("finds each inline script's exact text, and skips scripts loaded from a file", () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<script>if(location.pathname!=="/"){x()}</script>',
      '<SCRIPT type="module">\n  import "/a.js";\n</SCRIPT >',
      "<script></script>",
    ].join("\n");
    expect(inlineScripts(html)).toEqual(['if(location.pathname!=="/"){x()}', '\n  import "/a.js";\n', ""]);
  });

  it("hashes a script as browsers do: sha256 of its UTF-8 text, in base64", () => {
    // `echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64`
    expect(scriptHash("alert(1)")).toBe("sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=");
  });

  it("finds inline event handlers and javascript: addresses, which no hash can allow", () => {
    expect(inlineHandlers('<div data-onload="x" class="on">on click=</div><a href="/on">x</a>')).toEqual([]);
    expect(inlineHandlers('<img src="x" onerror="alert(1)">')).toEqual(['<img src="x" onerror="alert(1)">']);
    expect(inlineHandlers('<a href=" javascript:alert(1)">x</a>')).toHaveLength(1);
  });

  it("allows scripts from the site and the given hashes only, and no one may frame a page", () => {
    const policy = contentSecurityPolicy(["sha256-b=", "sha256-a=", "sha256-b="]);
    expect(policy).toContain("script-src 'self' 'sha256-a=' 'sha256-b=';");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy.match(/unsafe-inline/g)).toHaveLength(1); // styles only
    expect(policy).toContain("style-src 'self' 'unsafe-inline';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(() => contentSecurityPolicy(["'unsafe-inline'"])).toThrow(/Not a script hash/);
  });

  it("writes a _headers rule Cloudflare can parse, and refuses a line over its limit", () => {
    const file = headersFile({ "/*": pageSecurityHeaders([]) });
    expect(file.split("\n")[0]).toBe("/*");
    expect(file).toContain("\n  Referrer-Policy: strict-origin-when-cross-origin\n");
    expect(file).toContain("\n  X-Content-Type-Options: nosniff\n");
    expect(file).toMatch(/\n {2}Permissions-Policy: .*camera=\(\).*fullscreen=\(self\)/);
    expect(() => headersFile({ "/*": { "X-Long": "x".repeat(2000) } })).toThrow(/over 2000 characters/);
  });
});
