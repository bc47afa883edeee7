/**
 * The business college's page, loaded with its route: every college route renders it with the data its
 * loader fetched (loaders.ts), on the server for the first HTML. The route (src/routes/pages.tsx) reads the
 * data and passes it in; the API comes from the router's context.
 */
import { useRouter } from '@tanstack/react-router';
import { CollegeView } from './college-view';
import type { CollegePageData } from './loaders';

export function CollegePage({ data }: { data: CollegePageData }) {
  const { api } = useRouter().options.context;
  return <CollegeView data={data} api={api} />;
}
