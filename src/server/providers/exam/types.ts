export interface Question {
  q: string;
  options: string[];
  /** Index of the right option. */
  answer: number;
}
