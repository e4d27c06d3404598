import { Navigate } from 'react-router-dom';

/** docs/product-spec.md §2: `/` leads to the dashboard. */
const RedirectToDashboard = () => <Navigate to="/dashboard" replace />;

export default RedirectToDashboard;
