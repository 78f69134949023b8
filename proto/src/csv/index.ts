export { toCsv } from './to-csv';
