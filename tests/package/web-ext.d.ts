/** The slice of web-ext 10 (which ships no types) that tests/package/lint.test.ts uses: its lint command, as a library. */
declare module 'web-ext' {
  export interface LintMessage {
    _type: 'error' | 'warning' | 'notice';
    code: string;
    message: string;
    description: string | string[];
    file?: string;
    line?: number;
    column?: number;
  }

  export interface LintResult {
    summary: { errors: number; warnings: number; notices: number };
    errors: LintMessage[];
    warnings: LintMessage[];
    notices: LintMessage[];
  }

  const webExt: {
    cmd: {
      lint(
        params: { sourceDir: string; output?: 'json' | 'text' | 'none'; boring?: boolean },
        options?: { shouldExitProgram?: boolean },
      ): Promise<LintResult>;
    };
  };
  export default webExt;
}
