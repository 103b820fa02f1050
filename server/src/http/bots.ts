/**
 * Who is not a visitor (issue #12 "bots are not counted"): search and AI crawlers, link-preview
 * fetchers of chat and social apps, SEO and uptime tools, headless browsers and HTTP libraries. A
 * request whose User-Agent matches is never a job view or an apply click; neither is one without a
 * User-Agent. Add a token when a new crawler shows up in the logs: one line each, lower-case, matched
 * as a substring of the lower-cased User-Agent.
 */

/** Substrings of the User-Agent of named crawlers, previewers, tools and libraries. */
export const BOT_TOKENS = [
  // Search engines.
  'googlebot', 'google-inspectiontool', 'googleother', 'adsbot-google', 'mediapartners-google', 'apis-google',
  'feedfetcher-google', 'storebot-google', 'google-read-aloud', 'google-site-verification', 'google web preview',
  'bingbot', 'bingpreview', 'msnbot', 'adidxbot', 'slurp', 'duckduckbot', 'duckassistbot', 'baiduspider',
  'yandexbot', 'yandex.com/bots', 'sogou', 'exabot', 'seznambot', 'petalbot', 'applebot', 'qwantify', 'mojeekbot',
  // AI crawlers and assistants fetching pages.
  'gptbot', 'chatgpt-user', 'oai-searchbot', 'claudebot', 'claude-web', 'claude-user', 'anthropic-ai',
  'perplexitybot', 'perplexity-user', 'ccbot', 'bytespider', 'amazonbot', 'diffbot', 'cohere-ai', 'meta-externalagent',
  'meta-externalfetcher', 'timpibot', 'youbot',
  // Link previews of social and chat apps.
  'facebookexternalhit', 'facebookcatalog', 'twitterbot', 'linkedinbot', 'slackbot', 'slack-imgproxy', 'discordbot',
  'telegrambot', 'whatsapp', 'skypeuripreview', 'pinterestbot', 'redditbot', 'embedly', 'quora link preview',
  'vkshare', 'iframely', 'outbrain', 'cardyb', 'microsoft office', 'skype-url-preview',
  // SEO, archiving, monitoring and performance tools.
  'ahrefsbot', 'semrushbot', 'mj12bot', 'dotbot', 'rogerbot', 'screaming frog', 'dataforseobot', 'blexbot', 'serpstatbot',
  'ia_archiver', 'archive.org_bot', 'uptimerobot', 'pingdom', 'statuscake', 'site24x7', 'newrelicpinger',
  'datadogsynthetics', 'chrome-lighthouse', 'pagespeed', 'gtmetrix', 'w3c_validator', 'w3c-checklink',
  // Headless and automated browsers.
  'headlesschrome', 'phantomjs', 'slimerjs', 'selenium', 'webdriver', 'puppeteer', 'playwright', 'cypress',
  // HTTP clients and libraries.
  'curl/', 'wget/', 'python-requests', 'python-urllib', 'python-httpx', 'aiohttp', 'go-http-client', 'java/',
  'okhttp', 'apache-httpclient', 'libwww-perl', 'lwp::', 'node-fetch', 'undici', 'axios/', 'got (', 'postmanruntime',
  'insomnia', 'httpie', 'scrapy', 'nutch', 'heritrix', 'feedly', 'feedburner', 'newsblur', 'inoreader',
] as const;

/**
 * Generic signs: a word ending in "bot" (but not the CUBOT phone brand), crawler, spider, a contact
 * URL after '+' (the crawlers' convention; browsers never carry one), or a bare runtime name.
 */
const BOT_PATTERN = /(?<!cu)bot\b|crawl|spider|scrap(?:er|ing)|\+https?:\/\/|^(?:node|deno|bun)\b/i;

/** Whether a request with this User-Agent is a bot (a missing or blank one counts as a bot). */
export function isBot(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim().toLowerCase();
  if (!ua) return true;
  return BOT_PATTERN.test(ua) || BOT_TOKENS.some((token) => ua.includes(token));
}
