/** The home page's sections import the shared trial link from here (it also ends every college article). */
export { TrialLink } from '~/components/trial-link/trial-link';
