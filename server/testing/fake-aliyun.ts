/**
 * A stand-in for Alibaba Cloud's SMS API (Dysmsapi 2017-05-25) on a loopback port, for the connector tests and
 * for trying `SMS_PROVIDER=aliyun` by hand (ALIYUN_SMS_ENDPOINT=http://127.0.0.1:<port>). It checks a request as
 * the service does: the action and version headers, the ACS3-HMAC-SHA256 signature recomputed from the documented
 * algorithm (./vendor-signatures.ts) with the secret of the access key named, the content hash and the date; then
 * SendSms's parameters, answering each documented error code the way the service does. Accepted messages are
 * recorded; `behave` makes it fail like an outage.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { acs3Signature, authorizationFields } from './vendor-signatures';

export interface AliyunSent {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
}

export interface FakeAliyunOptions {
  port: number;
  accessKeyId: string;
  accessKeySecret: string;
  signNames: string[];
  /** Approved templates: domestic ones for +86 numbers, international ones for the rest. */
  templates: { domestic: string[]; international: string[] };
}

export interface FakeAliyun {
  /** `http://127.0.0.1:<port>`, for the connector's endpoint override. */
  url: string;
  sent: AliyunSent[];
  /** Every request's action and the error code it was answered with ('OK' when accepted). */
  seen: { action: string; code: string }[];
  /** 'hang' never answers; a number answers with that HTTP status; 'no-balance' answers isv.AMOUNT_NOT_ENOUGH. */
  behave(mode: 'normal' | 'hang' | 'no-balance' | number): void;
  close(): Promise<void>;
}

const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function startFakeAliyun(options: FakeAliyunOptions): Promise<FakeAliyun> {
  const sent: AliyunSent[] = [];
  const seen: FakeAliyun['seen'] = [];
  const lastSend = new Map<string, number>();
  let mode: 'normal' | 'hang' | 'no-balance' | number = 'normal';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (mode === 'hang') return;
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const action = String(req.headers['x-acs-action'] ?? '');
      const answer = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => {
        seen.push({ action, code });
        res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify({ RequestId: `fake-${seen.length}`, Code: code, Message: message, ...extra }));
      };
      if (typeof mode === 'number')
        return answer(mode, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.');

      // The gateway's checks: who signs, with what, for which API.
      const { algorithm, fields } = authorizationFields(req.headers.authorization);
      if (algorithm !== 'ACS3-HMAC-SHA256')
        return answer(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
      if (fields.Credential !== options.accessKeyId)
        return answer(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
      if (req.headers['x-acs-version'] !== '2017-05-25')
        return answer(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
      const signedHeaders = (fields.SignedHeaders ?? '').split(';').filter(Boolean);
      const mustSign = Object.keys(req.headers).filter((h) => h === 'host' || h.startsWith('x-acs-'));
      if (mustSign.some((h) => !signedHeaders.includes(h)))
        return answer(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
      if (req.headers['x-acs-content-sha256'] !== sha256Hex(body))
        return answer(400, 'IncompleteSignature', 'The content hash does not match the body.');
      const date = Date.parse(String(req.headers['x-acs-date'] ?? ''));
      if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
        return answer(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
      const expected = acs3Signature({
        method: req.method ?? 'POST',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        signedHeaders,
        body,
        accessKeySecret: options.accessKeySecret,
      });
      if (fields.Signature !== expected)
        return answer(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');

      const params = Object.fromEntries(url.searchParams);
      if (action === 'QuerySmsTemplate') {
        const known = [...options.templates.domestic, ...options.templates.international].includes(
          params.TemplateCode ?? '',
        );
        if (!known) return answer(200, 'isv.SMS_TEMPLATE_ILLEGAL', 'The template does not exist.');
        return answer(200, 'OK', 'OK', { TemplateStatus: 1, TemplateCode: params.TemplateCode });
      }
      if (action === 'QuerySmsSign') {
        if (!options.signNames.includes(params.SignName ?? ''))
          return answer(200, 'isv.SMS_SIGNATURE_ILLEGAL', 'The sign name does not exist.');
        return answer(200, 'OK', 'OK', { SignStatus: 1, SignName: params.SignName });
      }
      if (action !== 'SendSms') return answer(404, 'InvalidAction.NotFound', 'Specified api is not found.');

      const { PhoneNumbers: phone, SignName: signName, TemplateCode: template, TemplateParam: paramText } = params;
      if (!phone || !signName || !template) return answer(400, 'MissingParameter', 'A required parameter is missing.');
      const domestic = /^1[3-9]\d{9}$/.test(phone);
      if (!domestic && !/^(?!86)[1-9]\d{6,14}$/.test(phone))
        return answer(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
      if (!options.signNames.includes(signName))
        return answer(200, 'isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
      const templates = domestic ? options.templates.domestic : options.templates.international;
      if (!templates.includes(template)) return answer(200, 'isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
      let templateParam: Record<string, string>;
      try {
        templateParam = JSON.parse(paramText ?? '');
      } catch {
        return answer(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      }
      if (!/^\d{4,8}$/.test(templateParam.code ?? ''))
        return answer(200, 'isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
      if (mode === 'no-balance') return answer(200, 'isv.AMOUNT_NOT_ENOUGH', '账户余额不足');
      // The service's per-number flow control: one verification code a minute.
      const last = lastSend.get(phone);
      if (last !== undefined && Date.now() - last < 60_000)
        return answer(200, 'isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控Permits:1');
      lastSend.set(phone, Date.now());
      sent.push({ phoneNumbers: phone, signName, templateCode: template, templateParam });
      answer(200, 'OK', 'OK', { BizId: `${sent.length}^0` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    sent,
    seen,
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
