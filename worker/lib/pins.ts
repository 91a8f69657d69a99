import { hmacHex } from "./crypto";

// Employee PINs: HMAC-SHA256 over employee id and PIN, keyed with the server secret. A 4-digit PIN
// cannot resist offline guessing without the key; the id stops one hash from matching another employee.

export const hashPin = (secret: string, employeeId: string, pin: string) =>
  hmacHex(secret, `pin:${employeeId}:${pin}`);
