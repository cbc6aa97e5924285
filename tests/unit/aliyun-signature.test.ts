/**
 * Aliyun RPC signing (HMAC-SHA1, version 1.0) against the worked example of
 * Aliyun's SMS API documentation, plus the encoding rules it depends on.
 */
import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  percentEncode,
  rpcSignature,
  signedQuery,
  stringToSign,
} from '../../src/server/providers/sms/aliyun-signature.ts';

import { aliyunPhoneNumber } from '../../src/server/providers/sms/aliyun.ts';

// The documented SendSms example: AccessKey testId / testSecret.
const DOC_PARAMS: Record<string, string> = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Aliyun RPC signature', () => {
  it('builds the documented string to sign', () => {
    expect(stringToSign('GET', DOC_PARAMS)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
        '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1' +
        '%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
        '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z' +
        '%26Version%3D2017-05-25',
    );
  });

  it('produces the documented signature', () => {
    expect(rpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(rpcSignature('GET', DOC_PARAMS, 'testsecret')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('appends the encoded signature to the canonical query', () => {
    expect(signedQuery('GET', DOC_PARAMS, 'testSecret')).toBe(
      `${canonicalQuery(DOC_PARAMS)}&Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D`,
    );
  });

  it('signs the same whatever order the parameters come in, ignoring a Signature parameter', () => {
    const reversed = Object.fromEntries(Object.entries(DOC_PARAMS).reverse());
    expect(rpcSignature('GET', { ...reversed, Signature: 'x' }, 'testSecret')).toBe(
      'zJDF+Lrzhj/ThnlvIToysFRq6t4=',
    );
  });

  it('percent-encodes by RFC 3986 as Aliyun requires', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode("*!'()")).toBe('%2A%21%27%28%29');
    expect(percentEncode('~-_.')).toBe('~-_.');
    expect(percentEncode('+/=:')).toBe('%2B%2F%3D%3A');
    expect(percentEncode('验证')).toBe('%E9%AA%8C%E8%AF%81');
  });

  it("writes phone numbers in Aliyun's format", () => {
    expect(aliyunPhoneNumber('86', '13800138000')).toBe('13800138000');
    expect(aliyunPhoneNumber('852', '61234567')).toBe('85261234567');
  });
});
