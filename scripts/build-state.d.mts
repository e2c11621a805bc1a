export declare const BUILD_INPUTS: string[];
export declare function buildIsStale(root: string, distDir: string, inputs?: string[]): boolean;
