/** The URL of the console's built entry script (build/admin-console.ts). */
declare module 'virtual:admin-console' {
  const url: string;
  export default url;
}
