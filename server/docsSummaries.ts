/**
 * Summaries of the routes that declare none in their config's `docs` (server/docs.ts), by
 * `METHOD url` as registered. A new route says its summary in its own `docs`; the docs test
 * (tests/api/docs.test.ts) fails on an operation without one.
 */
export const ROUTE_SUMMARIES: Record<string, string> = {
  'GET /v1/Config/reference': 'Reference lists: codes, locations, time zones, currencies (the same for every tenant)',
  'GET /v1/Config/tenant': 'The platform configuration (the tenant fields null)',
  'GET /v1/Config/tenant/:code': 'A tenant\'s public configuration by its code (sign-in page)',
  'POST /v1/Identity/token': 'Sign in: the bearer token of the session',
  'DELETE /v1/Identity': 'Sign out: the token stops working',
  'GET /v1/system/menu/nested': 'The caller\'s side menu as a tree',
  'GET /v1/system/menu': 'The menu tree a role may grant (the role form)',
  'GET /v1/System/user': 'The caller\'s profile',
  'PUT /v1/System/user': 'Save the caller\'s profile',
  'PUT /v1/System/mima': 'Change the caller\'s password',
  'GET /v1/Report/exportReportAmount': 'How many finished reports wait to be downloaded (the side menu\'s count)',
  'GET /v1/Report/exportReport/:id/file': 'Download a finished report export',
  'GET /v1/system/announcement/Home': 'The announcements on the caller\'s home page',
  'GET /v1/system/announcement/category/options': 'Announcement categories (options)',
  'GET /v1/system/client/GetActiveClient': 'Enabled clients (options)',
  'GET /v1/Job': 'The caller\'s background jobs (exports, imports) and their state',
  'GET /v1/Product/customers': 'Clients the caller may choose for products (options)',
  'GET /v1/Product/client/options': 'Clients the caller\'s role manages (options)',
  'GET /v1/Product/packaging/options': 'Packaging materials (options)',
  'GET /v1/Product/brandProduct/materials': 'Packaging materials of a brand product',
  'DELETE /v1/Code/package/:id': 'Delete a code package',
  'GET /v1/Code/package/columns': 'Columns a code export may hold, named in every language',
  'POST /v1/Report/transactionLog': 'List the change log, the filters in the body',
  'GET /v1/Report/transactionLog/functions': 'Functions the change log records (options)',
  'GET /v1/Report/transactionLog/clients': 'Clients of the change log filter (options)',
  'GET /v1/Report/transactionLog/file/:id': 'Download a finished change log export',
  'GET /v1/member/brand-products': 'Brand products of the member screens (options)',
  'GET /files/:key': 'An uploaded file, public by its unguessable key',
};
