/** The server draws the modal from this static import; the browser build gets an empty module here. */
export { AuthModal } from './auth-modal';
