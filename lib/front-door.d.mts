import type { IncomingMessage, ServerResponse } from "node:http";
export declare function answerBeforeNext(req: IncomingMessage, res: ServerResponse): boolean;
