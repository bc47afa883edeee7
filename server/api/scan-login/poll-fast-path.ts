/**
 * `GET /api/v2/wx/get_qr_status?ticket=…` answered in front of the app when the query is one well-formed ticket
 * and memory settles its status (docs/decisions/025-serving-speed-and-hot-api-calls.md); anything else goes to the
 * app's route. It writes what the route would: envelope and headers (./scan-login.test.ts compares) and
 * the request line (server/ops/metrics.test.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TICKET_PATTERN } from '../../../shared/contract/scan-login';
import { forwardedRequestId, nodeContext } from '../../http/request';
import { securityHeaderValues } from '../../http/security-headers';
import { logRequest, requestIdFrom } from '../../ops/log';
import { readStatusFromMemory } from '../../scan-login/status';
import { translate } from '../catalog';
import { type ApiDeps, flowContext } from '../deps';
import { requestFacts, SUCCESS_TEXT } from '../http';

/** The success message in both languages, translated once (this path answers thousands of polls a second). */
const SUCCESS_WORDS = { zh: translate(SUCCESS_TEXT, 'zh'), en: translate(SUCCESS_TEXT, 'en') };

const PREFIX = '/api/v2/wx/get_qr_status?ticket=';
/** The route template the app's own route has (its metrics series is the same one). */
const ROUTE = '/api/v2/wx/get_qr_status';

/** The Node request handler: true when it answered, false when the app must. */
export function qrPollFastPath(deps: ApiDeps): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  const ctx = flowContext(deps);
  return (incoming, outgoing) => {
    const target = incoming.url;
    if (incoming.method !== 'GET' || !target?.startsWith(PREFIX) || !incoming.headers.host) return false;
    const ticket = target.slice(PREFIX.length);
    if (!TICKET_PATTERN.test(ticket)) return false;
    const startedAt = performance.now();
    const c = nodeContext(incoming, target);
    const facts = requestFacts(c, deps.settings);
    const status = readStatusFromMemory(ctx, facts, ticket);
    if (!status) return false;
    const body = JSON.stringify({ code: 200, message: SUCCESS_WORDS[facts.language], data: status });
    const reqId = requestIdFrom(forwardedRequestId(c, deps.settings.trustProxy));
    outgoing.writeHead(200, {
      ...securityHeaderValues(c, deps.settings),
      'cache-control': 'no-store',
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': reqId,
    });
    outgoing.end(body);
    logRequest({
      reqId,
      method: 'GET',
      path: ROUTE,
      route: ROUTE,
      status: 200,
      startedAt,
      brand: facts.brandId,
      ip: facts.ip,
      userAgent: incoming.headers['user-agent'],
    });
    return true;
  };
}
