// Types of api-types.mjs for the frontend's test of the staleness check (frontend/src/api/schema.test.ts).
export declare const TARGET: string;
export declare function generateApiTypes(): Promise<string>;
export declare function isCurrent(text: string): Promise<boolean>;
