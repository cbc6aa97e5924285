/** The keys of the payment configs, given as PEM text or as loaded keys. */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** A private key, loaded from PEM text when it is one. */
export function privateKeyOf(key: KeyObject | string): KeyObject {
  return typeof key === 'string' ? createPrivateKey(key) : key;
}

/** A public key, loaded from PEM text when it is one. */
export function publicKeyOf(key: KeyObject | string): KeyObject {
  return typeof key === 'string' ? createPublicKey(key) : key;
}
