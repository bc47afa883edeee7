/** The start page: the users' search (the layout shows the editor role that it has no page here). */
import { useEffect } from 'react';
import { useNavigate } from '../components/link';

export function HomePage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/users' });
  }, [navigate]);
  return null;
}
