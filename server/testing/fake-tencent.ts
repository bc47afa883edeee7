/**
 * A stand-in for Tencent Cloud API 3.0 on a loopback port: SMS (`sms`, 2021-01-11: SendSms,
 * DescribeSmsTemplateList) and captcha (`captcha`, 2019-07-22: DescribeCaptchaResult), told apart by the Host
 * header's first label as the service's own gateway does. Every request is checked as the gateway checks it: the
 * TC3-HMAC-SHA256 signature recomputed from the documented algorithm (./vendor-signatures.ts) with the key of the
 * SecretId named, the timestamp, the action and version; then the parameters, answered with the documented error
 * codes (request-level `Response.Error`, per-number `SendStatusSet[].Code`, the captcha's `CaptchaCode`).
 *
 * The SDK derives the service from the host name, so tests keep the real host names and route them here with
 * `loopbackAgent(port)`.
 */
import { createServer, Agent as HttpAgent, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { authorizationFields, tc3Date, tc3Signature } from './vendor-signatures';

export interface FakeTencentOptions {
  port: number;
  secretId: string;
  secretKey: string;
  sms?: {
    sdkAppIds: string[];
    signNames: string[];
    templates: { domestic: string[]; international: string[] };
  };
  captcha?: { appId: number; appSecretKey: string };
}

export interface TencentSmsSent {
  phone: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  params: string[];
}

export interface FakeTencent {
  port: number;
  sms: TencentSmsSent[];
  /** Every request: its action and the code it was answered with ("Ok" / "1" when accepted). */
  seen: { action: string; code: string; params: Record<string, unknown> }[];
  /** Makes a captcha ticket genuine (once) for this randstr. */
  acceptTicket(ticket: string, randstr: string): void;
  behave(mode: 'normal' | 'hang' | 'no-balance' | number): void;
  close(): Promise<void>;
}

/**
 * An agent that connects every request to the fake on loopback `port`, whatever the URL's host and port: the SDK
 * keeps the real host name (`http://sms.tencentcloudapi.com`), which it both sends and signs.
 */
export function loopbackAgent(port: number): HttpAgent {
  const agent = new HttpAgent();
  (agent as unknown as { createConnection: () => Socket }).createConnection = () =>
    connect({ host: '127.0.0.1', port });
  return agent;
}

const VERSIONS: Record<string, string> = { sms: '2021-01-11', captcha: '2019-07-22' };

export async function startFakeTencent(options: FakeTencentOptions): Promise<FakeTencent> {
  const sms: TencentSmsSent[] = [];
  const seen: FakeTencent['seen'] = [];
  const tickets = new Map<string, string>();
  const lastSend = new Map<string, number>();
  let mode: 'normal' | 'hang' | 'no-balance' | number = 'normal';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (mode === 'hang') return;
      const body = Buffer.concat(chunks);
      const action = String(req.headers['x-tc-action'] ?? '');
      let params: Record<string, unknown> = {};
      const reply = (response: Record<string, unknown>, code: string) => {
        seen.push({ action, code, params });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId: `fake-${seen.length}` } }));
      };
      const error = (code: string, message: string) => reply({ Error: { Code: code, Message: message } }, code);
      if (typeof mode === 'number') {
        seen.push({ action, code: `HTTP ${mode}`, params });
        res.writeHead(mode).end('upstream error');
        return;
      }

      const host = String(req.headers.host ?? '');
      const service = host.split('.')[0];
      const { algorithm, fields } = authorizationFields(req.headers.authorization);
      if (algorithm !== 'TC3-HMAC-SHA256')
        return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
      const [secretId, date, scopeService, terminator] = (fields.Credential ?? '').split('/');
      if (secretId !== options.secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
      const timestamp = Number(req.headers['x-tc-timestamp']);
      if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
        return error('AuthFailure.SignatureExpire', 'Signature expired.');
      if (date !== tc3Date(timestamp) || scopeService !== service || terminator !== 'tc3_request')
        return error('AuthFailure.SignatureFailure', 'The credential scope does not match the request.');
      const signedHeaders = (fields.SignedHeaders ?? '').split(';');
      if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host'))
        return error('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
      const expected = tc3Signature({
        method: req.method ?? 'POST',
        headers,
        signedHeaders,
        body,
        service,
        timestamp,
        secretKey: options.secretKey,
      });
      if (fields.Signature !== expected)
        return error(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated. Please check your signature is correct.',
        );
      if (!(service in VERSIONS)) return error('InvalidAction', `Service ${service} is not served here.`);
      if (req.headers['x-tc-version'] !== VERSIONS[service])
        return error('NoSuchVersion', `The API version ${String(req.headers['x-tc-version'])} does not exist.`);
      try {
        params = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        return error('InvalidParameter', 'The request body is not JSON.');
      }

      if (service === 'captcha' && action === 'DescribeCaptchaResult') {
        const captcha = options.captcha;
        if (!captcha) return error('InvalidAction', 'No captcha here.');
        const { CaptchaType, Ticket, UserIp, Randstr, CaptchaAppId, AppSecretKey } = params as Record<string, unknown>;
        if (
          CaptchaType !== 9 ||
          typeof Ticket !== 'string' ||
          typeof UserIp !== 'string' ||
          typeof Randstr !== 'string'
        )
          return error('MissingParameter', 'CaptchaType (9), Ticket, UserIp and Randstr are required.');
        const result = (code: number, msg: string) =>
          reply({ CaptchaCode: code, CaptchaMsg: msg, EvilLevel: 0, GetCaptchaTime: 0, EvilBitmap: 0 }, String(code));
        if (CaptchaAppId !== captcha.appId) return result(16, 'appid-ticket mismatch');
        if (AppSecretKey !== captcha.appSecretKey) return result(100, 'AppSecretKey verify failed');
        if (mode === 'no-balance') return result(26, 'system internal error');
        if (tickets.get(Ticket) !== Randstr) return result(tickets.has(Ticket) ? 7 : 9, 'ticket invalid or used');
        tickets.delete(Ticket);
        return result(1, 'OK');
      }

      if (service === 'sms' && action === 'DescribeSmsTemplateList') {
        const ids = ((params.TemplateIdSet as number[]) ?? []).map(String);
        const known = options.sms ? [...options.sms.templates.domestic, ...options.sms.templates.international] : [];
        return reply(
          {
            DescribeTemplateStatusSet: ids
              .filter((id) => known.includes(id))
              .map((id) => ({ TemplateId: Number(id), StatusCode: 0 })),
          },
          'Ok',
        );
      }

      if (service === 'sms' && action === 'SendSms') {
        const config = options.sms;
        if (!config) return error('InvalidAction', 'No SMS here.');
        const { PhoneNumberSet, SmsSdkAppId, SignName, TemplateId, TemplateParamSet } = params as Record<
          string,
          unknown
        >;
        if (!Array.isArray(PhoneNumberSet) || typeof SmsSdkAppId !== 'string' || typeof TemplateId !== 'string')
          return error('MissingParameter', 'PhoneNumberSet, SmsSdkAppId and TemplateId are required.');
        if (!config.sdkAppIds.includes(SmsSdkAppId))
          return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verification failed.');
        const status = (phone: string, code: string, message: string) =>
          reply(
            {
              SendStatusSet: [
                {
                  SerialNo: `fake:${seen.length}`,
                  PhoneNumber: phone,
                  Fee: code === 'Ok' ? 1 : 0,
                  Code: code,
                  Message: message,
                  IsoCode: phone.startsWith('+86') ? 'CN' : 'XX',
                },
              ],
            },
            code,
          );
        const phone = String(PhoneNumberSet[0] ?? '');
        if (!/^\+[1-9]\d{6,14}$/.test(phone))
          return status(phone, 'InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number');
        const domestic = phone.startsWith('+86');
        if (domestic && !/^\+861[3-9]\d{9}$/.test(phone))
          return status(phone, 'InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number');
        if (domestic && !config.signNames.includes(String(SignName ?? '')))
          return status(
            phone,
            'FailedOperation.SignatureIncorrectOrUnapproved',
            'signature is not approved or format is incorrect',
          );
        const templates = domestic ? config.templates.domestic : config.templates.international;
        if (!templates.includes(TemplateId))
          return status(
            phone,
            'FailedOperation.TemplateIncorrectOrUnapproved',
            'template is not approved or does not exist',
          );
        if (
          !Array.isArray(TemplateParamSet) ||
          TemplateParamSet.length !== 1 ||
          !/^\d{4,8}$/.test(String(TemplateParamSet[0]))
        )
          return status(
            phone,
            'InvalidParameterValue.TemplateParameterFormatError',
            'verification code template parameter format error',
          );
        if (mode === 'no-balance')
          return status(phone, 'FailedOperation.InsufficientBalanceInSmsPackage', 'insufficient package balance');
        const last = lastSend.get(phone);
        if (last !== undefined && Date.now() - last < 30_000)
          return status(phone, 'LimitExceeded.PhoneNumberThirtySecondLimit', 'the same number within 30 seconds');
        lastSend.set(phone, Date.now());
        sms.push({
          phone,
          sdkAppId: SmsSdkAppId,
          signName: String(SignName ?? ''),
          templateId: TemplateId,
          params: TemplateParamSet.map(String),
        });
        return status(phone, 'Ok', 'send success');
      }
      return error('InvalidAction', `The action ${action} does not exist.`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    port: options.port,
    sms,
    seen,
    acceptTicket: (ticket, randstr) => tickets.set(ticket, randstr),
    behave: (next) => {
      mode = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
