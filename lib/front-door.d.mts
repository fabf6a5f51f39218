import type { IncomingMessage, ServerResponse } from "node:http";
export declare function answerBeforeNext(req: IncomingMessage, res: ServerResponse): boolean;
export declare function closeWhenAnsweredUnread(req: IncomingMessage, res: ServerResponse): void;
export declare const LINGER_MS: number;
