/** The start page: the users' search for the owner and support, the articles for an editor. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectOperator } from '#machines/console/sign-in.selectors';
import { useSignInActor } from '../app/context';
import { useNavigate } from '../components/link';

export function HomePage() {
  const navigate = useNavigate();
  const role = useSelector(useSignInActor(), selectOperator)?.role;
  useEffect(() => {
    if (role) void navigate({ to: role === 'editor' ? '/articles' : '/users' });
  }, [navigate, role]);
  return null;
}
