/**
 * The fake vendors' signature checks reproduce the vendors' own published examples, so a signature they accept is
 * one the real service would accept and a wrong secret is refused for the reason the real service would give.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acs3CanonicalRequest,
  acs3Signature,
  percentEncode,
  tc3CanonicalRequest,
  tc3Signature,
  tc3StringToSign,
} from './vendor-signatures';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Alibaba Cloud signature V3 (ACS3-HMAC-SHA256)', () => {
  // The worked example of Alibaba Cloud's "Request syntax and signature method V3" (ECS RunInstances).
  const example = {
    method: 'POST',
    path: '/',
    query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
    headers: {
      host: 'ecs.cn-shanghai.aliyuncs.com',
      'x-acs-action': 'RunInstances',
      'x-acs-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-acs-date': '2023-10-26T10:22:32Z',
      'x-acs-signature-nonce': '3156853299f313e23d1673dc12e1703d',
      'x-acs-version': '2014-05-26',
    },
    signedHeaders: [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ],
    body: '',
    accessKeySecret: 'YourAccessKeySecret',
  };

  it('gives the published hashed canonical request and signature', () => {
    expect(sha256Hex(acs3CanonicalRequest(example))).toBe(
      '7ea06492da5221eba5297e897ce16e55f964061054b7695beedaac1145b1e259',
    );
    expect(acs3Signature(example)).toBe('06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0');
  });

  it('differs for another secret', () => {
    expect(acs3Signature({ ...example, accessKeySecret: 'wrong' })).not.toBe(acs3Signature(example));
  });

  it('percent-encodes as RFC 3986', () => {
    expect(percentEncode("a b*c~d'!")).toBe('a%20b%2Ac~d%27%21');
  });
});

describe('Tencent Cloud signature v3 (TC3-HMAC-SHA256)', () => {
  // The worked example of Tencent Cloud API 3.0 "Signature v3" (CVM DescribeInstances, timestamp 1551113065).
  const body = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
  const example = {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' },
    signedHeaders: ['content-type', 'host'],
    body,
    service: 'cvm',
    timestamp: 1551113065,
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  };

  it('gives the published payload hash, string to sign and signature', () => {
    expect(tc3CanonicalRequest(example).split('\n').at(-1)).toBe(
      '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(tc3StringToSign(example)).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(tc3Signature(example)).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });

  it('differs for another secret', () => {
    expect(tc3Signature({ ...example, secretKey: 'wrong' })).not.toBe(tc3Signature(example));
  });
});
