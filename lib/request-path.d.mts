export declare const BAD_PATH_MESSAGE: string;
export declare function hasLoneSurrogate(value: string): boolean;
export declare function apiPathProblem(rawPath: string): string | null;
export declare function isApiPath(path: string): boolean;
export declare function badApiPathBody(problem: string): { success: false; code: "bad_request"; message: string };
