/** Independent validators the tests check condo's codes against; they ship no types of their own. */
declare module 'boleto-brasileiro-validator' {
  const validator: {
    boleto(code: string): boolean;
    boletoBancario(code: string): boolean;
    boletoArrecadacao(code: string): boolean;
  };
  export default validator;
}
