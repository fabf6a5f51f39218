// The floor of the benchmark: a plain Node `http` server answering `{}` to everything, on the
// same Node as the app's server. Usage: node bench/floor-server.mjs <port>
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? 4690);
createServer((req, res) => {
  req.resume();
  res.writeHead(200, { "content-type": "application/json", "content-length": "2" });
  res.end("{}");
}).listen(port, "127.0.0.1", () => console.log(`listening ${port}`));
