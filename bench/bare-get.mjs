// The floor for one API call from Node: a bare node:http GET of URL with a bearer TOKEN, the body to stdout.
// bench/run.mjs times `condo payables list|show` against it. Usage: node bench/bare-get.mjs URL TOKEN
import { get } from 'node:http';

get(process.argv[2], { headers: { authorization: `Bearer ${process.argv[3]}` } }, (res) =>
  res.pipe(process.stdout),
);
