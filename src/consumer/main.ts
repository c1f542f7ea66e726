/** Entry of the public consumer page (consumer.html, served at /m/{tenantCode}). */
import './consumer.css';
import { mountConsumer } from './app';

mountConsumer(document.getElementById('app')!);
