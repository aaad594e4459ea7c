import { runShopCli } from './shop-cli/run.js';

// The owner's command line, `npm run shop -- <command>` (api/src/shop-cli/run.ts says what each command does).
runShopCli(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code);
});
