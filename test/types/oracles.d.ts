/** Independent validators the tests check condo's codes against; they ship no types of their own. */
declare module 'boleto-brasileiro-validator' {
  const validator: {
    boleto(code: string): boolean;
    boletoBancario(code: string): boolean;
    boletoArrecadacao(code: string): boolean;
  };
  export default validator;
}

declare module 'node-ofx-parser' {
  const ofx: { parse(text: string): any; serialize(header: unknown, body: unknown): string };
  export default ofx;
}

declare module 'ofx-js' {
  export function parse(text: string): Promise<any>;
}
