-- Version 11 (#51): the convênio a bank gives the account's holder for its payment files (Banco do Brasil's
-- convênio de pagamento, Caixa's código do convênio), written in a remittance's headers and required there by
-- those banks. A condo extension (`convenio` on a bank account); accounts from before it say null.
ALTER TABLE bank_accounts ADD COLUMN convenio TEXT;
