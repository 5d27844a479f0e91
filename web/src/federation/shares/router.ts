/**
 * The part of react-router the shell shares with product modules: MODULE_EXPORTS in
 * federation/shared.mjs (a test keeps the two equal).
 */
export {
  Link,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
} from 'react-router';
