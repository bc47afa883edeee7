import { type AnyRoute, createRouter } from '@tanstack/react-router';
import { PAGES } from '#shared/routes';
import { routeTree } from './pages';

/** The full paths of the router's routes that render a page (the leaves). */
function leaves(route: AnyRoute): string[] {
  const children = (route.children ?? []) as AnyRoute[];
  return children.length ? children.flatMap(leaves) : [route.fullPath];
}

describe('the route table', () => {
  it('has a router route for every page and a page for every router route', () => {
    createRouter({ routeTree, context: {} as never }); // gives every route its full path
    const router = leaves(routeTree).map((path) => path.replace(/\/$/, ''));
    const templates = Object.values(PAGES).flatMap((page) => [page.path, ...('deeper' in page ? [page.deeper] : [])]);
    // A `$name` segment of the table stands for the values the router spells out (sections, article kinds).
    const patterns = templates.map(
      (template) =>
        new RegExp(
          `^/\\{-\\$locale\\}${template === '/' ? '' : template.replace(/\/\$\w+/g, '/[^/]+')}$`.replaceAll(
            '{-$id}',
            '\\{-\\$id\\}',
          ),
        ),
    );
    for (const path of router)
      expect(
        patterns.some((pattern) => pattern.test(path)),
        path,
      ).toBe(true);
    for (const [index, pattern] of patterns.entries())
      expect(
        router.some((path) => pattern.test(path)),
        templates[index],
      ).toBe(true);
  });
});
